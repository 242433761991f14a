// Shapes of the vps2 service pages' API (servers spec §3, §7), filled in by the provider work.
export {};
