/** `x-unspecified` topic → its title in the reference site. */
export declare const GAP_TOPICS: Readonly<Record<string, string>>;
