export const builtServer: string;
export function isServerBuildStale(): boolean;
export function buildServer(): Promise<void>;
