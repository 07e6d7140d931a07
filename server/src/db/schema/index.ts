export * from './auth';
export * from './company';
export * from './enums';
export * from './system';
