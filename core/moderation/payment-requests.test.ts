import { describe, expect, it } from "vitest";
import { findPaymentRequest, foldForScan } from "./payment-requests";

const kind = (...texts: Array<string | null>) => findPaymentRequest(texts);

describe("findPaymentRequest: UPI IDs", () => {
  it.each([
    "Pay to ramesh@okaxis",
    "UPI 9876543210@paytm",
    "abc@ybl",
    "Fresh onions. GPay: kisan.shop-1@oksbi.",
    "send on ramesh_k@icici now",
    "ramesh@hdfcbank",
    "ramesh@yesbankltd",
  ])("finds %j", (text) => {
    expect(kind(text)).toBe("upiId");
  });

  it.each([
    ["Cyrillic а, е, о", "r\u0430m\u0435sh@\u043ekaxis"],
    ["a full-width ＠", "ramesh\uff20okaxis"],
    ["full-width letters", "\uff52\uff41\uff4d\uff45\uff53\uff48@ybl"],
    ["U+200B inside", "ram\u200besh@ok\u200baxis"],
    ["a ZWJ inside", "ramesh@\u200dybl"],
    ["a bidi override", "\u202eramesh@ybl"],
    ["spaces around @", "ramesh @ okaxis"],
    ["[at]", "ramesh[at]okaxis"],
    ["(at) with spaces", "ramesh ( at ) okaxis"],
    ["Devanagari digits", "९८७६५४३२१०@paytm"],
    ["upper case", "RAMESH@OKAXIS"],
  ])("sees through %s", (_, text) => {
    expect(kind(text)).toBe("upiId");
  });

  it.each([
    ["an email address", "Write to farmer@gmail.com for bulk orders"],
    ["an email with a co.in domain", "kisan@rediffmail.co.in"],
    ["a price after @", "Tomato @ Rs 20 per kg"],
    ["a price in digits after @", "Onion @40/kg, Potato@ 25"],
    ["a price in rupees after @", "Wheat @ ₹2400 per quintal"],
    ["an @ with a plain word", "available @ farm gate"],
    ["no @ at all", "Fresh Nashik onions, 50 kg bags"],
  ])("leaves alone %s", (_, text) => {
    expect(kind(text)).toBeNull();
  });
});

describe("findPaymentRequest: payment links", () => {
  it.each([
    "upi://pay?pa=ramesh@okaxis&pn=Ramesh",
    "UPI://PAY?pa=x",
    "pay here https://paytm.me/AbC-12",
    "p.paytm.me/xyz",
    "https://phon.pe/abcd",
    "https://razorpay.me/@kisanmart",
    "rzp.io/l/abc123",
    "https://pay.google.com/payments/u/0/home",
    "paypal.me/someone",
    "razorpay [dot] me/@kisan",
    "razorpay . me / @kisan",
    "r\u0430zorp\u0430y.me/@kisan",
    "razor\u200bpay.me/@kisan",
    "ｒａｚｏｒｐａｙ．ｍｅ/@kisan",
  ])("finds %j", (text) => {
    expect(kind(text)).toBe("paymentLink");
  });

  it.each(["See photos on www.kisanmandi.in", "Paytm accepted on delivery", "Call me. Price fixed: 40/kg."])("leaves alone %j", (text) => {
    expect(kind(text)).toBeNull();
  });
});

describe("findPaymentRequest: words asking for an advance", () => {
  it.each([
    "Advance payment required",
    "50% advance before dispatch",
    "Pay first, then I send the truck",
    "pay in advance please",
    "Token amount Rs 2000 to book",
    "payment before delivery",
    "pehle paise bhejo",
    "advance dena hoga",
    "एडवांस देना होगा",
    "एडवान्स भेजें",
    "अग्रिम भुगतान करें",
    "पहले पैसे भेजें फिर माल",
    "पैसे पहले, माल बाद में",
    "टोकन राशि ₹500",
    "बयाना देकर बुक करें",
    "एड\u200dवांस",
    "Adv\u200bance payment",
    "\u0430dvance payment",
    "ADVANCE   PAYMENT",
  ])("finds %j", (text) => {
    expect(kind(text)).toBe("advance");
  });

  it.each([
    "Advance booking available for the next harvest",
    "एडवांस बुकिंग चालू है",
    "Payment on delivery only",
    "Cash on delivery. Come and see the produce first.",
    "पहली तुड़ाई के आम",
    "Advanced farming methods, organic",
    "माल देखकर पैसे दें",
  ])("leaves alone %j", (text) => {
    expect(kind(text)).toBeNull();
  });
});

describe("findPaymentRequest", () => {
  it("reads every text given, and says nothing about none", () => {
    expect(kind("Onions", null, "pay to abc@ybl")).toBe("upiId");
    expect(kind(null, "", null)).toBeNull();
    expect(findPaymentRequest([])).toBeNull();
  });

  it("answers a huge text quickly", () => {
    const huge = `${"a".repeat(200_000)}@${"b".repeat(200_000)}`;
    const started = performance.now();
    expect(kind(huge, " @ ".repeat(50_000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("foldForScan", () => {
  it("folds lookalikes, invisibles, full-width signs and spacing", () => {
    expect(foldForScan("R\u0430m\u200bеsh ＠ OK\u0430xis")).toBe("ramesh@okaxis");
    expect(foldForScan("९८७")).toBe("987");
  });
});
