/** The API client's modules in one import, for sign-in and the suites that build clients by hand. No `vscode` import. */
export * from './browser';
export * from './client';
export * from './credentials';
export * from './errors';
export * from './failureText';
export * from './http';
export * from './links';
export * from './listParams';
export * from './oauth';
export * from './organizationEndpoints';
export * from './paging';
export * from './rateLimit';
export * from './requestRules';
