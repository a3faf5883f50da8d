// Types of chromium.mjs for the TypeScript configs that use it.
export declare const CHROMIUM_LAUNCH: { executablePath: string; args: string[] };
