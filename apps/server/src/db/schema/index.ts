export * from './auth';
export * from './projects';
export * from './team';
export * from './generation';
export * from './metrics';
export * from './lists';
export * from './drive';
export * from './clusters';
