/**
 * Which endpoints are push services, and which addresses the push agent refuses (issue 38,
 * finding 1). The refusals through the action and a real listener on 127.0.0.1:443 are in
 * tests/integration/web-push.test.ts; this keeps real push services' addresses accepted and
 * every class of address inside refused.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_PUSH_DOMAINS, parserDifferentialEndpoints } from "../../tests/support/push-endpoints";
import { isInsideAddress, isPushServiceEndpoint } from "./push-endpoint";

describe("isPushServiceEndpoint", () => {
  it("accepts the addresses real browsers' push services give", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-abc_DEF",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-test_123",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bx%3d",
      "https://web.push.apple.com/QGx1cmwtdGVzdA",
      "https://fcm.googleapis.com:443/fcm/send/explicit-port",
    ]) {
      expect(isPushServiceEndpoint(endpoint, DEFAULT_PUSH_DOMAINS), endpoint).toBe(true);
    }
  });

  it("refuses every spelling the two URL parsers read differently, under every push service", () => {
    for (const endpoint of DEFAULT_PUSH_DOMAINS.flatMap(parserDifferentialEndpoints)) {
      expect(isPushServiceEndpoint(endpoint, DEFAULT_PUSH_DOMAINS), JSON.stringify(endpoint)).toBe(false);
    }
  });

  it("refuses lookalike domains, and allows an exact host:port entry only on that port", () => {
    for (const endpoint of ["https://evilfcm.googleapis.com/x", "https://fcm.googleapis.com.evil.example/x", "https://googleapis.com/x"]) {
      expect(isPushServiceEndpoint(endpoint, DEFAULT_PUSH_DOMAINS), endpoint).toBe(false);
    }
    expect(isPushServiceEndpoint("https://127.0.0.1:8443/push/x", ["127.0.0.1:8443"])).toBe(true);
    expect(isPushServiceEndpoint("https://127.0.0.1/push/x", ["127.0.0.1:8443"])).toBe(false);
    expect(isPushServiceEndpoint("https://127.0.0.1:8444/push/x", ["127.0.0.1:8443"])).toBe(false);
    expect(isPushServiceEndpoint("https://a.127.0.0.1:8443/push/x", ["127.0.0.1:8443"])).toBe(false);
  });
});

describe("isInsideAddress", () => {
  it("refuses private, loopback, link-local, CGNAT, unique-local, unspecified and reserved addresses, in every IPv6 form", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "0.0.0.0",
      "0.1.2.3",
      "192.0.0.8",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::127.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::7f00:1",
      "64:ff9b::127.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "not an address",
    ]) {
      expect(isInsideAddress(address), address).toBe(true);
    }
  });

  it("lets public addresses through", () => {
    for (const address of [
      "142.250.183.10",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "2001:4860:4860::8888",
      "::ffff:142.250.183.10",
      "64:ff9b::808:808",
    ]) {
      expect(isInsideAddress(address), address).toBe(false);
    }
  });
});
