// Types of scripts/codicons.mjs (a plain ES module, as esbuild.mjs imports it), for the tests.
export declare function codiconGlyphs(css: string): Map<string, number>;
export declare function namesIn(code: string, glyphs: Map<string, number>): Set<string>;
export declare function cutStylesheet(css: string, names: Set<string>, glyphs: Map<string, number>): string;
export declare function writeCodicons(outdir: string): Promise<{ icons: number; of: number; fontBytes: number }>;
