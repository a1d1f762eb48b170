import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a tenant's service address may not reach (decision 061): this machine, the private
 * networks and the cloud's metadata service. An administrator of one enterprise would otherwise
 * make the portal send requests into the network it runs in. A self-hosted model on the LAN
 * (Ollama, vLLM) is reached where the operator allows it: AI_ALLOW_PRIVATE_HOSTS.
 */
const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(net, prefix, 'ipv6');
}

/** Whether one IP address is internal (an IPv4-mapped IPv6 address is judged as its IPv4 self). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an address cannot be used, in both languages, or null when it can. */
export type AddressProblem = { zh: string; en: string } | null;

/**
 * Checks a service address where it is saved and again before each request (a name may point
 * elsewhere later): http(s), no credentials in it, and — unless internal hosts are allowed —
 * every address its name resolves to outside the internal ranges.
 */
export async function addressProblem(baseUrl: string, allowInternal: boolean): Promise<AddressProblem> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { zh: '不是有效的网址', en: 'it is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { zh: '只能使用 http 或 https 地址', en: 'only http and https addresses can be used' };
  }
  if (url.username || url.password) {
    return { zh: '地址中不能包含用户名或密码，请填写在密钥中', en: 'put no user name or password in it: use the key' };
  }
  if (allowInternal) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return { zh: `无法解析域名 ${host}`, en: `the name ${host} cannot be resolved` };
  }
  if (addresses.length === 0 || addresses.some(isInternalAddress)) {
    return {
      zh: '地址指向本机或内部网络，平台未允许访问',
      en: 'it points at this machine or an internal network, which this portal does not allow',
    };
  }
  return null;
}
