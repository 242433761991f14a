import type { DedicatedBandwidthRange, DedicatedBandwidthSample, ServiceListItem } from '@rackdesk/contract';
import { BITS_PER_TB, bitsToGiB } from '../../../lib/units.ts';

/** The allowance in TB from the service's 'Bandwidth' configuration option, or null: unlimited. */
export function bandwidthLimitTb(configoptions: ServiceListItem['configoptions']): number | null {
  const option = configoptions.configoption.find((candidate) => candidate.option.trim() === 'Bandwidth');
  const value = Number.parseFloat(option?.value ?? '');
  return Number.isFinite(value) && value > 0 ? value : null;
}

export interface BandwidthUsage {
  usedGiB: number;
  limitTb: number | null;
  /** Share of the allowance used, 0 to 100 and beyond; null when unlimited. */
  percent: number | null;
}

/** Usage since the start of the month against the allowance (servers spec §9). */
export function bandwidthUsage(totalBits: number, limitTb: number | null): BandwidthUsage {
  return {
    usedGiB: bitsToGiB(totalBits),
    limitTb,
    percent: limitTb === null ? null : (totalBits / (limitTb * BITS_PER_TB)) * 100,
  };
}

export interface BandwidthPoint {
  time: number;
  label: string;
  inbound: number;
  outbound: number;
}

const shortTime = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** Chart points: rates in bit/s, labelled by time of day for short ranges, by day for long ones. */
export function toBandwidthPoints(
  samples: readonly DedicatedBandwidthSample[],
  range: DedicatedBandwidthRange,
): BandwidthPoint[] {
  const format = range === '1h' || range === '24h' ? shortTime : dayAndTime;
  return samples.map((sample) => ({
    time: sample.time,
    label: format.format(new Date(sample.time * 1000)),
    inbound: sample.bwrate_in,
    outbound: sample.bwrate_out,
  }));
}
