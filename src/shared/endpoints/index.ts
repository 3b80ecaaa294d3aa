// Every /api endpoint, by area. The app imports an area's module (each loads its schemas); the
// server's coverage test and the API tests take them all from here.
export * from './account';
export * from './console';
export * from './reading';
