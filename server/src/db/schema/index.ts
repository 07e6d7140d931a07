export * from './article';
export * from './auth';
export * from './change-entry';
export * from './company';
export * from './enums';
export * from './import';
export * from './master-data';
export * from './system';
