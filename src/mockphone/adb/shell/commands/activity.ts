// How the mock phone names an app's launcher activity (mock apps have exactly one).
export const launcherActivity = (pkg: string): string => `${pkg}/.MainActivity`;

export function isInstalled(packages: string[], pkg: string): boolean {
  return packages.includes(pkg);
}
