import Bowser from 'bowser';

export interface UserAgentSummary {
  browser: string;
  os: string;
}

/** A program that names itself `product/version` first, as scripts and command-line clients do. */
const PRODUCT_TOKEN = /^([A-Za-z][\w.-]*)\/(\d+)/;

const major = (version: string | undefined) => version?.split('.')[0];

/**
 * Which browser and system a session was opened from, in words a person recognises ('Firefox
 * 132', 'Android 14'), for the list of signed-in sessions. Versions are cut to the major one;
 * Windows and macOS get none, because browsers freeze them in the user agent (Windows 11 says
 * "NT 10.0", every macOS "10_15_7"). What the parser does not know is 'Unknown browser' and
 * 'Unknown system', except a client that names itself first (`curl/8.5.0` is 'curl 8').
 */
export function summariseUserAgent(userAgent: string): UserAgentSummary {
  const parser = Bowser.getParser(userAgent || ' ');
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const product = browser.name ? undefined : PRODUCT_TOKEN.exec(userAgent);
  return {
    browser: browser.name
      ? [browser.name, major(browser.version)].filter(Boolean).join(' ')
      : product
        ? `${product[1]} ${product[2]}`
        : 'Unknown browser',
    os: os.name ? osName(os.name, os.version) : 'Unknown system',
  };
}

function osName(name: string, version: string | undefined): string {
  if (name === 'Windows' || name === 'macOS' || !version) return name;
  return `${name} ${major(version)}`;
}
