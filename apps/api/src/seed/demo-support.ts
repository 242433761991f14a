import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client.ts';
import { type TicketAttachment, ticketReplies, tickets } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { demoAccounts } from './demo-accounts.ts';
import { type AttachmentStore, attachmentKey } from '../modules/support/attachments/attachment-store.ts';

const hour = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * hour);

/** The demo's support staff: an operator account (README), who signs the staff answers. */
export const demoStaff = { ...demoAccounts.staff, firstname: 'Alex', lastname: 'Morgan' };
const staffName = `${demoStaff.firstname} ${demoStaff.lastname}`;

/** A latency graph as a customer would screenshot it (320×160 PNG): the spike since the morning. */
const latencyGraph = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAACgCAIAAADywSLLAAAFTUlEQVR42u3dTW6bQBiA4ZylN8g5u++q656r6iKrnCCq1FqyhCwww8fA/JlHehdpWtsU/HjGgM3b19dfSYP2ZhVIAEsCWBLAEsCSAJYEsCSAJYAlvTzgHz9//fn4lHSkloC9QHbev8/PHrIhOh2BrV+AAQZYAAtgAQwwwAADDLAABhhgAQwwwAADDDDAAAMMsAAWwAIYYIABBhhgAQwwwAJYAAtggAG+EuDf7++39rKM38qGAFj9At68uQ0BsEoBvvObAhhgAQwwwKoF+JFxNuDEbW0IgAUwwAADvAJ4+fMuwOnb2hAAq1PAM8YAAyyABbBKAl7uuAYYYLUHHDQMMMBqDHi593gX4M17A7h3wC5sM3QTudkvp79K3zZyb3JtJNUbgZ/OjROHjozAptCqDThCNONvE6dk2hAAqxLgNEWAAVYvgPd+vCE+OAMMsDoFnPG+2oYAWEcBxz97kDjIFD8+DDDAKgV41/mSeYAfGdsQAKsZ4Mi5Vulx2IYAWOcAzv7QL8AAqxng7O/NeXQLMMBqCTjvCygBBljtAWd/gyzAAKsl4Nn7WIABBhhggAFWLcBHLsKQ8eYZYIBVBHBGx3df2xAAqz3gjBt++/4BMMBqDzjvhgADrMaAjwQwwAIYYIABBhhggAEGGGABLIAFMMAAAwwwwAIYYIAFsKoBdmGbUa6B1Oqhb4Ctf9dGkhHYCAwwwAADDDDAAAMsgAWwAAYYYIABBlgAAwywABbAAhhggAEGGGABLIAFMMAAAwwwwAADDDDAAlgAC2CAAQYYYIAFMMAAC2ABDDDAAAMMMMAAC2ABLIABBhhggAG2igEGGGABLIAFMMA7ALuwjWsjuTaSayPJCCyABTDAAAMMMMACGGCABTDAAAMMMMAAAwwwwAJYAAtggAEGGGCABTDAAAtgASyAAQYYYIAvC/i22R6bftP/+up5OZdrdSzAozwHLg149iSbAe5/+w0EOOK5H8CjPAEuCngJNfGb/nn0v3hBxj0AHusJcGnAm2PvbAW1WmWPj/uUxNoLU6sn05qBzVfJrgAvnwDdzmj6UV0ccGQoSI8bzT2sLVvD6UPe6wjAkVW6OYu5NODIuqu/i2sT8Ob0obLkp3OE+JAy/dwc8L30S2cPOw6WK3z5zGyCuSzg4PbYnLKW25yRETUxa2g1cTjycMMBLro+M/b8dbUjtt4InDeTqQl41wOtAW7yhDtyDx0CXlu9RddnfDgNTsfOWrxRT+RIjITH107pOfAp95MY9o/c//JORgFcgvGRV97ZW/cSSwvw+VPQasecCs3Qlqu0H8Cbp/qcsqVO3/TlXm4GBhwc2fJeNUu/WT19oltoae/7gTsEnN7cu9ZGeiQ4HfAufscHgFEBZz+z67xZTR89rvMSED+VsnklBs/0Hoo6uxvzdlDvWrzXARzZxV0fcNDw0xljhXNaRge8d1dT5R3Fa8eWj//jSoCLXlNnavpj4odlNS//s3zc2TK0XcJBS6+rhN7KS5j+IfHfecERODjQ9XCuRfo0qcR4W3MJhxuB46Px06lW/eO0a4cY00/UK34eeO/pU63OrN4EXP/zwEMDjsyWG57wGD9onLeErwZ47VhiJ58mebpHFOBy868eNn38hFzfyNH757+C52kC/GIf9ix3iNtX6vSyOQG+COBzz70F+NK9DGDfyAEwwAADDDDAAAMsgAWwAAYYYIABBlgAAwywABbAAhhggAEGGGABbFsALIABPhewpIM1Ayxp4BFYEsCSAJYAlgSwJIAlgK0CCWBJAEsCWAJYEsCSAJYEsASwJIAlASwBLGnA/gNAyB6FUPBolAAAAABJRU5ErkJggg==',
  'base64',
);

interface DemoMessage {
  from: 'customer' | 'staff';
  hoursAgo: number;
  text: string;
  image?: boolean;
}

interface DemoTicket {
  tid: string;
  departmentId: number;
  serviceId?: number;
  subject: string;
  status: 'Open' | 'Awaiting Reply' | 'Closed';
  priority: 'Low' | 'Medium' | 'High';
  messages: DemoMessage[];
}

const customer = { name: 'Dana Demo', email: 'demo@example.com' };

/**
 * The demo's tickets with their threads (API.md demo data): an open one the customer answered
 * last, with a screenshot attached; one awaiting the customer's reply; a closed one; and a
 * guest's question in Sales, whose link is not printed (staff see it through the operator API).
 */
export async function seedDemoSupport(
  db: DbOrTx,
  deps: {
    ownerId: number;
    staffId: number;
    ticketServiceId: number;
    store: AttachmentStore;
    secrets: SecretBox;
  },
): Promise<void> {
  const demoTickets: DemoTicket[] = [
    {
      tid: '482913',
      departmentId: 1,
      serviceId: deps.ticketServiceId,
      subject: 'High network latency on web01 since this morning',
      status: 'Open',
      priority: 'High',
      messages: [
        {
          from: 'customer',
          hoursAgo: 30,
          text: 'Hello,\n\nsince about 07:00 today pings to web01 (198.51.100.30) went from 2 ms to 60-90 ms from our office in New York. The graph of our monitoring is attached.\n\nNothing changed on our side. Can you check the network?\n\nThanks,\nDana',
          image: true,
        },
        {
          from: 'staff',
          hoursAgo: 26,
          text: 'Hi Dana,\n\nthank you for the graph. We see congestion on one of the upstream links in New York and have moved traffic to another carrier.\n\nCould you run an mtr to 198.51.100.30 from your office and tell us whether the latency is back to normal?\n\nBest regards,\nAlex',
        },
        {
          from: 'customer',
          hoursAgo: 2,
          text: 'It was fine for most of the day, but it is back to 70 ms this morning. mtr shows the loss starting at the fourth hop:\n\n  4. ae-12.edge1.nyc.example   12.0%  71.3 ms\n  5. web01.demo.example         0.0%  70.8 ms',
        },
      ],
    },
    {
      tid: '771204',
      departmentId: 3,
      subject: 'Invoice question',
      status: 'Awaiting Reply',
      priority: 'Low',
      messages: [
        {
          from: 'customer',
          hoursAgo: 80,
          text: 'Hi, our last invoice shows a setup fee for the backup storage, but the order page said the setup was free. Could you have a look?',
        },
        {
          from: 'staff',
          hoursAgo: 20,
          text: 'Hello Dana,\n\nyou are right: the promotion should have waived the setup fee. We have added the amount to your account credit; it will be used for your next invoice.\n\nIs there anything else we can help with?\n\nAlex',
        },
      ],
    },
    {
      tid: '390155',
      departmentId: 2,
      subject: 'Quote for a second dedicated server',
      status: 'Closed',
      priority: 'Medium',
      messages: [
        {
          from: 'customer',
          hoursAgo: 400,
          text: 'We would like a second E3 server in New York in the same rack as ny-dedi-01, with a private link between both. What would that cost?',
        },
        {
          from: 'staff',
          hoursAgo: 380,
          text: 'Hi Dana,\n\nthe same model is in stock. A private 10 Gbps link between both servers is included at no extra cost when they share a rack. Order it from the store and add a note with the hostname of the first server; we will cable it.\n\nAlex',
        },
        { from: 'customer', hoursAgo: 300, text: 'Perfect, thank you. We ordered it.' },
      ],
    },
  ];

  for (const demo of demoTickets) {
    const first = demo.messages[0]!;
    const last = demo.messages.at(-1)!;
    const [ticket] = await db
      .insert(tickets)
      .values({
        tid: demo.tid,
        userId: deps.ownerId,
        departmentId: demo.departmentId,
        serviceId: demo.serviceId ?? null,
        ...customer,
        subject: demo.subject,
        status: demo.status,
        priority: demo.priority,
        createdAt: ago(first.hoursAgo),
        lastReplyAt: ago(last.hoursAgo),
      })
      .returning();
    for (const message of demo.messages) {
      const attachments: TicketAttachment[] = [];
      if (message.image) {
        const name = `${randomBytes(16).toString('hex')}.png`;
        await deps.store.put(attachmentKey(ticket!.id, name), latencyGraph, 'image/png');
        attachments.push({ name, contentType: 'image/png', size: latencyGraph.length });
      }
      const author =
        message.from === 'staff'
          ? {
              userId: null,
              staffUserId: deps.staffId,
              name: staffName,
              email: '',
              admin: staffName,
            }
          : { userId: deps.ownerId, staffUserId: null, ...customer, admin: '' };
      await db.insert(ticketReplies).values({
        ticketId: ticket!.id,
        ...author,
        message: message.text,
        attachments,
        createdAt: ago(message.hoursAgo),
      });
    }
  }

  const key = randomBytes(32).toString('base64url');
  const guest = { name: 'Gina Guest', email: 'gina.guest@example.com' };
  const [guestTicket] = await db
    .insert(tickets)
    .values({
      tid: '615007',
      userId: null,
      departmentId: 2,
      ...guest,
      subject: 'Do you offer GPU servers in Chicago?',
      status: 'Open',
      priority: 'Low',
      createdAt: ago(5),
      lastReplyAt: ago(5),
      accessKeyHash: createHash('sha256').update(key).digest('hex'),
      accessKeySealed: deps.secrets.seal(key),
    })
    .returning();
  await db.insert(ticketReplies).values({
    ticketId: guestTicket!.id,
    ...guest,
    message:
      'Hello, we are looking for two servers with an NVIDIA L4 or better in Chicago for a few months. Do you have anything like that, and is monthly billing possible?',
    createdAt: ago(5),
  });
}
