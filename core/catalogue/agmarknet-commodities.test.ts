import { describe, expect, it } from "vitest";
import { AGMARKNET_COMMODITIES, commodityKey, produceForCommodity } from "./agmarknet-commodities";
import { produceById } from "./produce";

describe("AGMARKNET's commodity names", () => {
  it("name only produce the catalogue has, and no name two produce", () => {
    const owner = new Map<string, string>();
    for (const [id, names] of Object.entries(AGMARKNET_COMMODITIES)) {
      expect(produceById(id), id).toBeDefined();
      for (const name of names) {
        const before = owner.get(commodityKey(name));
        expect(before, `"${name}" is both ${before} and ${id}`).toBeUndefined();
        owner.set(commodityKey(name), id);
      }
    }
  });

  it.each([
    ["Onion", "onion"],
    ["Paddy(Dhan)(Common)", "paddy"],
    ["Paddy(Dhan) (Common)", "paddy"],
    ["Bhindi(Ladies Finger)", "okra"],
    ["Arhar (Tur/Red Gram)(Whole)", "tur"],
    ["BENGAL GRAM(GRAM)(WHOLE)", "chana"],
    ["Wheat", "wheat"],
    // New produce, as the files write them (decision 049).
    ["Cotton", "cotton"],
    ["Jute", "jute"],
    ["Onion Green", "onion-green"],
    ["Ridgeguard(Tori)", "ridge-gourd"],
    ["Snakeguard", "snake-gourd"],
    ["Beetroot", "beetroot"],
    ["Amaranthus", "amaranth"],
    ["Ashgourd", "ash-gourd"],
    ["White Pumpkin", "ash-gourd"],
    ["Colacasia", "colocasia"],
    ["Mint(Pudina)", "mint"],
    ["Elephant Yam (Suran)", "elephant-yam"],
    ["Amphophalus", "elephant-yam"],
    ["Chow Chow", "chow-chow"],
    ["Tapioca", "tapioca"],
    ["Pointed gourd (Parval)", "pointed-gourd"],
    ["Thondekai", "ivy-gourd"],
    ["Little gourd (Kundru)", "ivy-gourd"],
    ["Yam (Ratalu)", "yam"],
    ["Amla(Nelli Kai)", "amla"],
    ["Knool Khol", "knol-khol"],
    ["Sponge gourd", "sponge-gourd"],
    ["Mashrooms", "mushroom"],
    ["Methi(Leaves)", "fenugreek-leaves"],
    ["Methi Seeds", "fenugreek-seed"],
    ["Tinda", "tinda"],
    ["Round gourd", "tinda"],
    ["Turnip", "turnip"],
    ["Cummin Seed(Jeera)", "cumin"],
    ["Corriander seed", "coriander-seed"],
    ["Black pepper", "black-pepper"],
    ["Pepper ungarbled", "black-pepper"],
    ["Soanf", "fennel"],
    ["Ajwan", "ajwain"],
    ["Cardamoms", "cardamom"],
    ["Tamarind Fruit", "tamarind"],
    ["Gur(Jaggery)", "jaggery"],
    ["Copra", "copra"],
    ["Betal Leaves", "betel-leaf"],
    ["Pear(Marasebu)", "pear"],
    ["Kulthi(Horse Gram)", "horse-gram"],
    ["Cowpea (Lobia/Karamani)", "cowpea"],
    ["Guar Seed(Cluster Beans Seed)", "guar-seed"],
    // Dry and processed forms are their own produce, never the fresh one's.
    ["Ginger(Dry)", "dry-ginger"],
    ["Ginger(Green)", "ginger"],
    ["Peas(Dry)", "dry-peas"],
    ["White Peas", "dry-peas"],
    ["Peas Wet", "peas"],
    ["Banana - Green", "raw-banana"],
    ["Banana", "banana"],
    ["Arhar Dal(Tur Dal)", "tur-dal"],
    ["Black Gram Dal (Urd Dal)", "urad-dal"],
    ["Green Gram Dal (Moong Dal)", "moong-dal"],
    ["Bengal Gram Dal (Chana Dal)", "chana-dal"],
    ["Masur Dal", "masur-dal"],
    // Spellings of produce the catalogue had.
    ["Guar", "beans"],
    ["Indian Beans (Seam)", "beans"],
    ["Cowpea(Veg)", "beans"],
    ["Sweet Pumpkin", "pumpkin"],
    ["Peas cod", "peas"],
    ["Papaya (Raw)", "papaya"],
    ["Chili Red", "dry-chilli"],
    ["Long Melon(Kakri)", "cucumber"],
    ["Kinnow", "orange"],
    ["Seetapal", "custard-apple"],
    ["Indian Colza(Sarson)", "mustard"],
    ["Hybrid Cumbu", "bajra"],
  ])("reads %s as %s", (commodity, id) => {
    expect(produceForCommodity(commodity)?.id).toBe(id);
  });

  it("knows nothing of commodities outside the catalogue", () => {
    for (const commodity of ["Firewood", "Fish", "Marigold(Calcutta)", "Mustard Oil", "Leafy Vegetable"])
      expect(produceForCommodity(commodity), commodity).toBeUndefined();
  });
});
