// The debug type the package.json `debuggers` contribution declares. Its own module so the
// extension can name it at activation without loading the adapter.
export const DEBUG_TYPE_NAME = 'phonebuddy';
