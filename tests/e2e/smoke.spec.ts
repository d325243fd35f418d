import { expect, test } from "./support/fixtures";

test("a listing created by a seller is visible to a signed-out buyer with the seller's phone", async ({
  page,
  seller,
  createListing,
  browser,
}) => {
  const listing = await createListing({ name: `Smoke Onion ${Date.now()}`, price: "1250" });
  const buyer = await browser.newPage();
  await buyer.goto(`/view/${listing.id}`);
  await expect(buyer.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  await expect(buyer.getByText("₹1,250 / kg")).toBeVisible();
  await expect(buyer.getByRole("link", { name: new RegExp(`^Call seller ${seller.name}`) })).toHaveAttribute(
    "data-contact-href",
    `tel:+91${seller.phone}`,
  );
  await buyer.close();
  await page.goto("/");
  await expect(page.getByRole("list", { name: "Fresh recommendations" }).getByText(listing.name)).toBeVisible();
});
