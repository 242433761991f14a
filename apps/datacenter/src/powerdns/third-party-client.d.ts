/** The untyped third-party PowerDNS client the simulator's tests use: the calls they make. */
declare module '@firstdorsal/powerdns-api' {
  interface ClientRecord {
    name: string;
    type?: string;
    ttl?: number;
    content: string[];
  }

  interface ClientRrset {
    name: string;
    type: string;
    ttl: number;
    records: { content: string; disabled: boolean }[];
  }

  export class PowerdnsClient {
    constructor(baseurl: string, apikey: string);
    getZones(): Promise<{ name: string }[]>;
    createZone(zoneName: string, kind?: string): Promise<Record<string, unknown> | false>;
    getZoneWithMeta(zoneName: string): Promise<Record<string, unknown>>;
    getZone(zoneName: string): Promise<ClientRrset[]>;
    deleteZone(zoneName: string): Promise<boolean>;
    setRecords(records: ClientRecord[]): Promise<boolean[]>;
    deleteRecords(records: { name: string; type: string }[]): Promise<boolean>;
    search(search: {
      query: string;
      max?: number;
      object_type?: string;
    }): Promise<{ object_type: string; name: string; content?: string }[] | null>;
    findRecords(find: string, zone: string): Promise<ClientRrset[]>;
    replaceRecords(find: string, replace: string, zone: string): Promise<number>;
  }
}
