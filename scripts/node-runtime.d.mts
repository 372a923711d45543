// Types of node-runtime.mjs (plain JavaScript, so that the launcher runs it without a loader).
export declare const TOOLKIT_NODE: number;
export declare const SUPPORTED_NODE: number[];
export declare function runtimeCache(env?: Record<string, string | undefined>): string;
export declare function nodeBinary(major: number | string): string;
export declare function onToolkitNode(): Promise<void>;
