/**
 * Every architecture problem in the modules under root/src (default: this repository), one line
 * each; see check-architecture.mjs for the rules.
 */
export function checkArchitecture(root?: string, files?: string[]): string[];
