import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceChart } from "./price-chart";

describe("PriceChart", () => {
  const weeks = [
    { label: "<script>alert(1)</script>", medianPaise: 2000, lowPaise: 1800, highPaise: 2400 },
    { label: "8 Nov", medianPaise: null, lowPaise: null, highPaise: null },
    { label: "15 Nov", medianPaise: 2200, lowPaise: 2000, highPaise: 2500 },
    { label: "22 Nov", medianPaise: 2100, lowPaise: 1900, highPaise: 2300 },
  ];

  it("draws every text as text: a name like <script> is escaped", () => {
    const html = renderToStaticMarkup(
      createElement(PriceChart, {
        id: "t",
        title: "<script>alert('x')</script> prices",
        description: "a & b <img src=x onerror=alert(1)>",
        weeks,
      }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; prices");
  });

  it("is an image with a title and description, and leaves a gap for a thin week", () => {
    const html = renderToStaticMarkup(createElement(PriceChart, { id: "t", title: "Onion", description: "Weekly", weeks }));
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="t-title t-desc"/);
    expect(html).toContain('<title id="t-title">Onion</title>');
    // Two runs of weeks with figures: the first alone, then the last two.
    expect(html.match(/<polyline/g)).toHaveLength(2);
    expect(html.match(/<circle/g)).toHaveLength(3);
  });
});
