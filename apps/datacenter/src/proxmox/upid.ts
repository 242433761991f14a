/**
 * Task ids in Proxmox's form: `UPID:node:pid:pstart:starttime:type:id:user:`, the numbers in
 * upper-case hex (eight digits). Clients treat them as opaque; the simulator looks tasks up by it.
 */
export function formatUpid(task: {
  node: string;
  pid: number;
  startMs: number;
  type: string;
  id: string;
  user: string;
}): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  const starttime = Math.floor(task.startMs / 1000);
  return `UPID:${task.node}:${hex(task.pid)}:${hex(task.pid * 7)}:${hex(starttime)}:${task.type}:${task.id}:${task.user}:`;
}

/** Worker ids must not contain ':' and the like; Proxmox escapes them as \xNN. */
export function encodeWorkerId(text: string): string {
  return text.replace(/[^-_.a-zA-Z0-9]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
