// Material 3 colour roles (baseline purple scheme, light and dark) and the type scale, in dp.
// Screens take colours from here so dark mode is one setting.

export interface Theme {
  dark: boolean;
  primary: string;
  onPrimary: string;
  primaryContainer: string;
  onPrimaryContainer: string;
  secondaryContainer: string;
  onSecondaryContainer: string;
  tertiaryContainer: string;
  surface: string;
  surfaceContainerLowest: string;
  surfaceContainerLow: string;
  surfaceContainer: string;
  surfaceContainerHigh: string;
  surfaceContainerHighest: string;
  onSurface: string;
  onSurfaceVariant: string;
  outline: string;
  outlineVariant: string;
  scrim: string;
  inverseSurface: string;
  inverseOnSurface: string;
  error: string;
}

export const LIGHT: Theme = {
  dark: false,
  primary: '#6750A4',
  onPrimary: '#FFFFFF',
  primaryContainer: '#EADDFF',
  onPrimaryContainer: '#21005D',
  secondaryContainer: '#E8DEF8',
  onSecondaryContainer: '#1D192B',
  tertiaryContainer: '#FFD8E4',
  surface: '#FEF7FF',
  surfaceContainerLowest: '#FFFFFF',
  surfaceContainerLow: '#F7F2FA',
  surfaceContainer: '#F3EDF7',
  surfaceContainerHigh: '#ECE6F0',
  surfaceContainerHighest: '#E6E0E9',
  onSurface: '#1D1B20',
  onSurfaceVariant: '#49454F',
  outline: '#79747E',
  outlineVariant: '#CAC4D0',
  scrim: 'rgba(0,0,0,0.32)',
  inverseSurface: '#322F35',
  inverseOnSurface: '#F5EFF7',
  error: '#B3261E',
};

export const DARK: Theme = {
  dark: true,
  primary: '#D0BCFF',
  onPrimary: '#381E72',
  primaryContainer: '#4F378B',
  onPrimaryContainer: '#EADDFF',
  secondaryContainer: '#4A4458',
  onSecondaryContainer: '#E8DEF8',
  tertiaryContainer: '#633B48',
  surface: '#141218',
  surfaceContainerLowest: '#0F0D13',
  surfaceContainerLow: '#1D1B20',
  surfaceContainer: '#211F26',
  surfaceContainerHigh: '#2B2930',
  surfaceContainerHighest: '#36343B',
  onSurface: '#E6E0E9',
  onSurfaceVariant: '#CAC4D0',
  outline: '#938F99',
  outlineVariant: '#49454F',
  scrim: 'rgba(0,0,0,0.5)',
  inverseSurface: '#E6E0E9',
  inverseOnSurface: '#322F35',
  error: '#F2B8B5',
};

/** Material 3 type scale: size and line height in sp/dp, weight. */
export const TYPE = {
  displaySmall: { size: 36, line: 44, weight: 400 },
  headlineMedium: { size: 28, line: 36, weight: 400 },
  headlineSmall: { size: 24, line: 32, weight: 400 },
  titleLarge: { size: 22, line: 28, weight: 400 },
  titleMedium: { size: 16, line: 24, weight: 500 },
  titleSmall: { size: 14, line: 20, weight: 500 },
  bodyLarge: { size: 16, line: 24, weight: 400 },
  bodyMedium: { size: 14, line: 20, weight: 400 },
  bodySmall: { size: 12, line: 16, weight: 400 },
  labelLarge: { size: 14, line: 20, weight: 500 },
  labelMedium: { size: 12, line: 16, weight: 500 },
  labelSmall: { size: 11, line: 16, weight: 500 },
} as const;

export type TypeRole = keyof typeof TYPE;

/** Avatar colours for letter avatars, picked by a stable hash of the name. */
export const AVATAR_COLORS = ['#F4B400', '#DB4437', '#4285F4', '#0F9D58', '#AB47BC', '#00ACC1', '#FF7043', '#9E9D24'];

export function avatarColor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length];
}
