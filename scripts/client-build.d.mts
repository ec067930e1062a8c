/** The hash of the client's sources as they are now (client-build.mjs). */
export function clientSourcesHash(): string;
/** Builds the client into `outDir` unless it holds a build of the same sources; the build's exit status. */
export function buildClient(outDir: string, options?: { quiet?: boolean }): number;
