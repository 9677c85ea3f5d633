export const root: string;
export function isWebBuildStale(): boolean;
export function buildWeb(): Promise<void>;
export const builtSourceMaps: string;
export function newestChange(target: string): number;
