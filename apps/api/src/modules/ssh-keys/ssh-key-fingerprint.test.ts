import { describe, expect, it } from 'vitest';
import { sshKeyFingerprint } from './ssh-key-fingerprint.ts';

/** Keys made with ssh-keygen, and what `ssh-keygen -l` printed for each. */
const printed: [string, string, number, string][] = [
  [
    'ED25519',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDsgQ2ccYL/p0iVWOZ2tigFS5LPzyqrpoAul/DgSkF4Y dana@laptop',
    256,
    'SHA256:yyqOaTTJfeTF4m9Ujlf5G6qCEBmdqFmHZYOF/Q6RHcg',
  ],
  [
    'RSA',
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQC3AXzCFDBHGF3YBvF1zd6d4VLzglpCDYVRRKdabhKeP3QcvlCE97RYGVB52rxUxD7GkZwdUeYMhQEm/8lZChWusxZh31qqZnaSaQKmMAH7a7cZIv37J84L3eMlkgm4l+7LvzTD9dNv0dfHilLCw2plnn/qPago/zIXYQ4oZICCwGOEok7HmLTJNJFfB1pBvr96cXyQxO9EWn7LVzpRN6DyWvyV8PssMFb7SFi7NvCLzRLC7rr6qo1kVaBHRlRsnF6OnpqxhLG3XX0vLhbNW6DmB3akLeeLZpwnkMYbMxNSS4JZDILvCNdRsyPNrvy1AYvE9CSaV+XzU9M667q6SN6NRJ0nPfZCLv3b62LENIw1Fa8T7ycm6shWud0JIUkTIPkaaLh5BzsrzhSWClYVxUCBm3ul7NNnNMMG/dBZvjwrk9ZMZvEpnt/5w2sG0POJ0tPyxqyQn7k0bE1/GWWEocDCQiDxrX+tSObAq3HzzmfoJWJ0CKukYdRk2OP5KYQpgSs= ci',
    3072,
    'SHA256:kWRw9jlkS3viiFNfFsU2+6yeJU784EUbRGS5rzx7DJ0',
  ],
  [
    'ECDSA',
    'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBLFtOyE5a1Ps/Fo5aLG6nFuszQpFuNdfjG3GgE0CzfJGUWuSAjSvzoQLd+cNoKxutWIqoEIJBffLyYXINX9zEGfwmWM+9YGaJ5/oF0E2Xj4912f1vxpoDgPJcEqBdXqnNg==',
    384,
    'SHA256:z/htnebRmz0lgptc3bq352sisuDBwDBaizwElg9RHpQ',
  ],
];

describe('sshKeyFingerprint', () => {
  it.each(printed)(
    'gives the type, size and SHA256 fingerprint ssh-keygen prints for %s',
    (type, key, bits, fingerprint) => {
      expect(sshKeyFingerprint(key)).toEqual({ keyType: type, bits, fingerprint });
    },
  );
});
