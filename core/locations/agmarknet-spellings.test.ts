import { describe, expect, it } from "vitest";
import { agmarknetPlace, agmarknetState, isNotAgmarknetDistrict } from "./agmarknet-spellings";

describe("AGMARKNET's place names", () => {
  // Every spelling seen in the portal's files (decision 049), as the files write state and district.
  it.each([
    ["Andhra Pradesh", "Chittor", "chittoor"],
    ["Andhra Pradesh", "Vijayanagaram", "vizianagaram"],
    ["Bihar", "Chhapra", "saran"],
    ["Bihar", "Kaithar", "katihar"],
    ["Bihar", "Kaimur/Bhabhua", "kaimur"],
    ["Bihar", "West Chambaran", "west-champaran"],
    ["Chattisgarh", "Koria", "koriya"],
    ["Gujarat", "Banaskanth", "banaskantha"],
    ["Gujarat", "Junagarh", "junagadh"],
    ["Haryana", "Mahendragarh-Narnaul", "mahendragarh"],
    ["Haryana", "Jhajar", "jhajjar"],
    ["Himachal Pradesh", "Sirmore", "sirmaur"],
    ["Jammu and Kashmir", "Badgam", "budgam"],
    ["Karnataka", "Karwar(Uttar Kannad)", "uttara-kannada"],
    ["Karnataka", "Mangalore(Dakshin Kannad)", "dakshina-kannada"],
    ["Karnataka", "Madikeri(Kodagu)", "kodagu"],
    ["Karnataka", "Kalburgi", "kalaburagi"],
    ["Karnataka", "Yadgiri", "yadgir"],
    ["Kerala", "Palakad", "palakkad"],
    ["Kerala", "Thirssur", "thrissur"],
    ["Madhya Pradesh", "Badwani", "barwani"],
    ["Madhya Pradesh", "Anupur", "anuppur"],
    ["Madhya Pradesh", "Umariya", "umaria"],
    ["Madhya Pradesh", "Shehdol", "shahdol"],
    ["Madhya Pradesh", "Singroli", "singrauli"],
    ["Maharashtra", "Amarawati", "amravati"],
    ["Maharashtra", "Jalana", "jalna"],
    ["Maharashtra", "Vashim", "washim"],
    ["Maharashtra", "Chattrapati Sambhajinagar", "chhatrapati-sambhajinagar"],
    ["Maharashtra", "Dharashiv(Usmanabad)", "dharashiv"],
    ["Meghalaya", "Nongpoh (R-Bhoi)", "ri-bhoi"],
    ["Mizoram", "Lungli", "lunglei"],
    ["Nagaland", "Tsemenyu", "tseminyu"],
    ["Odisha", "Mayurbhanja", "mayurbhanj"],
    ["Odisha", "Nowarangpur", "nabarangpur"],
    ["Punjab", "Ferozpur", "ferozepur"],
    ["Punjab", "Fatehgarh", "fatehgarh-sahib"],
    ["Rajasthan", "Jaipur Rural", "jaipur"],
    ["Rajasthan", "Jodhpur Rural", "jodhpur"],
    ["Rajasthan", "Kekri", "ajmer"],
    ["Rajasthan", "Sanchore", "jalore"],
    ["Rajasthan", "Gangapur City", "sawai-madhopur"],
    ["Rajasthan", "Jhunjunu", "jhunjhunu"],
    ["Tamil Nadu", "Thiruchirappalli", "tiruchirappalli"],
    ["Tamil Nadu", "Thirupur", "tiruppur"],
    ["Tamil Nadu", "Thirunelveli", "tirunelveli"],
    ["Tamil Nadu", "Thiruvellore", "tiruvallur"],
    ["Tamil Nadu", "Thirupathur", "tirupathur"],
    ["Tamil Nadu", "Thiruvannamalai", "tiruvannamalai"],
    ["Tamil Nadu", "Kallakuruchi", "kallakurichi"],
    ["Tamil Nadu", "Nagercoil (Kannyiakumari)", "kanniyakumari"],
    ["Tripura", "South District", "south-tripura"],
    ["Tripura", "West District", "west-tripura"],
    ["Tripura", "Unokoti", "unakoti"],
    ["Uttar Pradesh", "Bulandshahar", "bulandshahr"],
    ["Uttar Pradesh", "Raebarelli", "raebareli"],
    ["Uttar Pradesh", "Kanpur", "kanpur-nagar"],
    ["Uttar Pradesh", "Farukhabad", "farrukhabad"],
    ["Uttar Pradesh", "Pillibhit", "pilibhit"],
    ["Uttar Pradesh", "Lakhimpur", "lakhimpur-kheri"],
    ["Uttar Pradesh", "Khiri (Lakhimpur)", "lakhimpur-kheri"],
    ["Uttar Pradesh", "Gautam Budh Nagar", "gautam-buddha-nagar"],
    ["Uttar Pradesh", "Kannuj", "kannauj"],
    ["Uttar Pradesh", "Chitrakut", "chitrakoot"],
    ["Uttar Pradesh", "Muradabad", "moradabad"],
    ["Uttrakhand", "Dehradoon", "dehradun"],
    ["Uttrakhand", "Nanital", "nainital"],
    ["Uttrakhand", "Garhwal (Pauri)", "pauri-garhwal"],
    ["Uttrakhand", "UdhamSinghNagar", "udham-singh-nagar"],
    ["Uttrakhand", "Haridwar", "haridwar"],
    ["Uttrakhand", "Champawat", "champawat"],
    ["West Bengal", "Sounth 24 Parganas", "south-24-parganas"],
    ["West Bengal", "Medinipur(W)", "paschim-medinipur"],
    ["West Bengal", "Medinipur(E)", "purba-medinipur"],
    ["West Bengal", "Burdwan", "purba-bardhaman"],
  ])("reads %s, %s as the district %s", (state, district, slug) => {
    expect(agmarknetPlace(state, district).district).toBe(slug);
  });

  it("reads the spellings whatever their case and spacing, as an export may change them", () => {
    expect(agmarknetPlace("KERALA", "PALAKAD")).toEqual({ state: "kerala", district: "palakkad" });
    expect(agmarknetPlace("karnataka", "karwar (uttar kannad)")).toEqual({ state: "karnataka", district: "uttara-kannada" });
    expect(agmarknetPlace("Uttrakhand", "Udham Singh Nagar")).toEqual({ state: "uttarakhand", district: "udham-singh-nagar" });
  });

  it("reads the state Uttrakhand and AGMARKNET's other spellings of states", () => {
    expect(agmarknetState("Uttrakhand")).toBe("uttarakhand");
    expect(agmarknetState("Chattisgarh")).toBe("chhattisgarh");
    expect(agmarknetState("Pondicherry")).toBe("puducherry");
    expect(agmarknetState("NCT of Delhi")).toBe("delhi");
    expect(agmarknetState("Andaman and Nicobar")).toBe("andaman-and-nicobar-islands");
  });

  it("reads our own names first, and a town with its district in brackets by either name", () => {
    expect(agmarknetPlace("Maharashtra", "Nashik")).toEqual({ state: "maharashtra", district: "nashik" });
    expect(agmarknetPlace("Maharashtra", "Ahmednagar")).toEqual({ state: "maharashtra", district: "ahilyanagar" });
    expect(agmarknetPlace("Gujarat", "Vadodara(Baroda)").district).toBe("vadodara");
    expect(agmarknetPlace("Kerala", "Kozhikode(Calicut)").district).toBe("kozhikode");
    expect(agmarknetPlace("Uttar Pradesh", "Jalaun (Orai)").district).toBe("jalaun");
  });

  it("reads a spelling only in its own state, and guesses nothing", () => {
    // Assam has a Lakhimpur; Uttar Pradesh's AGMARKNET "Lakhimpur" is Lakhimpur Kheri.
    expect(agmarknetPlace("Assam", "Lakhimpur").district).toBe("lakhimpur");
    expect(agmarknetPlace("Kerala", "Thirupur")).toEqual({ state: "kerala" });
    expect(agmarknetPlace("Kerala", "Palakkadu")).toEqual({ state: "kerala" });
    expect(agmarknetPlace("Atlantis", "Palakad")).toEqual({});
  });

  it("knows Delhi's markets are no one district: the state alone", () => {
    expect(agmarknetPlace("NCT of Delhi", "Delhi")).toEqual({ state: "delhi" });
    expect(isNotAgmarknetDistrict("NCT of Delhi", "Delhi")).toBe(true);
    expect(isNotAgmarknetDistrict("Kerala", "Palakad")).toBe(false);
    expect(isNotAgmarknetDistrict("Kerala", "Nowhere")).toBe(false);
  });
});
