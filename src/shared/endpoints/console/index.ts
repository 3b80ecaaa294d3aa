// The library console's API, one module per section as its route files are split
// (src/server/routes/api/console-*.ts); every route is checked by the console scope
// (src/server/routes/api/console-scope.ts).
export * from './overview';
export * from './reports';
export * from './access';
export * from './domains';
export * from './branding';
export * from './members';
export * from './requests';
export * from './admin';
export * from './activity';
export * from './privacy';
export * from './zones';
export * from './ip-ranges';
export * from './enquiries';
export * from './titles';
export * from './ingest';
