/** SSH Keys (owners only): built by the SSH keys work. */
export function SshKeysTab() {
  return null;
}
