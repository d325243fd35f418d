/**
 * Whom an address stands for when counting (decision 046): an IPv4 address as it is (an
 * IPv4-mapped IPv6 one as its IPv4), an IPv6 address by its /64. A phone on IPv6 is given a
 * whole /64 and may use any address in it, so counting single IPv6 addresses would let one
 * client be 2^64 clients.
 */
import { isIPv6 } from "node:net";

export function clientSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = (text: string) => (text ? text.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
