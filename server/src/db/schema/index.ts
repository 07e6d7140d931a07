export * from './auth';
export * from './change-entry';
export * from './company';
export * from './enums';
export * from './system';
