// Shapes of the dedicated service pages' API (servers spec §3, §7), filled in by the provider work.
export {};
