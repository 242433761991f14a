import { type SshKey, type SshKeyCreateRequest, SshKeyText } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { toSshKey } from './ssh-keys.mapper.ts';
import { SshKeysRepository } from './ssh-keys.repository.ts';

/**
 * The account's SSH keys (account spec §3, §5, §7). Keys belong to the owner account: its
 * sub-accounts act on the owner's keys (the routes decide who may). Another account's key is not
 * found, so its existence is not revealed.
 */
export class SshKeysService {
  private readonly keys: SshKeysRepository;

  constructor(database: Database) {
    this.keys = new SshKeysRepository(database.db);
  }

  async list(auth: AuthContext): Promise<SshKey[]> {
    return (await this.keys.listByOwner(auth.account.id)).map(toSshKey);
  }

  async add(auth: AuthContext, request: SshKeyCreateRequest): Promise<SshKey> {
    const row = await this.keys.create({
      userId: auth.account.id,
      title: request.title,
      publicKey: request.publicKey,
    });
    if (!row) throw AppError.invalid('title', SshKeyText.titleTaken);
    return toSshKey(row);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.keys.deleteByOwner(auth.account.id, id))) throw AppError.notFound(SshKeyText.notFound);
  }

  /**
   * The public keys of the chosen ids, in the order chosen; undefined when any id is not one of
   * the account's keys.
   */
  async publicKeys(auth: AuthContext, ids: readonly number[]): Promise<string[] | undefined> {
    const keys = await this.keysInOrder(auth.account.id, ids);
    return keys.every((key) => key !== undefined) ? (keys as string[]) : undefined;
  }

  /**
   * The public keys among the chosen ids that the account still has, in the order chosen: a server
   * set up after the order installs the keys the customer did not delete meanwhile.
   */
  async publicKeysOf(accountId: number, ids: readonly number[]): Promise<string[]> {
    return (await this.keysInOrder(accountId, ids)).filter((key) => key !== undefined);
  }

  private async keysInOrder(accountId: number, ids: readonly number[]): Promise<(string | undefined)[]> {
    const rows = await this.keys.listByOwnerAndIds(accountId, ids);
    const byId = new Map(rows.map((row) => [row.id, row.publicKey]));
    return ids.map((id) => byId.get(id));
  }
}
