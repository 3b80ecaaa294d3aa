// Every /api and /content endpoint, by area. The app imports an area's module (each loads only its schemas);
// the server's routes, the coverage test and the API tests take them all from here.
export * from './account';
export * from './network';
export * from './console';
export * from './plans';
export * from './reader';
export * from './shelf';
export * from './site';
export * from './zones';
export * from './content';
export * from './favourites';
