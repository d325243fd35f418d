import { describe, expect, it } from "vitest";
import { distanceKm, inIndia } from "./distance";
import { districtCentre, districtsByDistance, districtsWithCentres, nearestDistrict } from "./centres";
import { STATES } from "./states";

describe("district centres", () => {
  it("every district a listing can have has a centre inside India", () => {
    const missing: string[] = [];
    for (const state of STATES) {
      for (const district of state.districts) {
        const centre = districtCentre(state.slug, district.slug);
        if (!centre || !inIndia(centre)) missing.push(`${state.slug}/${district.slug}`);
      }
    }
    expect(missing).toEqual([]);
    expect(districtsWithCentres()).toHaveLength(STATES.reduce((n, s) => n + s.districts.length, 0));
  });

  it("puts known districts near the places they are named for", () => {
    // Reference points: the towns' well-known positions (rounded), not from the source.
    const near = (state: string, district: string, lat: number, lon: number, km: number) =>
      expect(distanceKm(districtCentre(state, district)!, { lat, lon }), `${state}/${district}`).toBeLessThan(km);
    near("maharashtra", "nashik", 20.0, 73.8, 60);
    near("maharashtra", "pune", 18.5, 73.9, 60);
    near("bihar", "patna", 25.6, 85.1, 40);
    near("delhi", "new-delhi", 28.6, 77.2, 20);
    near("karnataka", "bengaluru-urban", 13.0, 77.6, 30);
    near("tamil-nadu", "chennai", 13.1, 80.3, 20);
    near("west-bengal", "kolkata", 22.6, 88.4, 20);
    near("andhra-pradesh", "tirupati", 13.6, 79.4, 80);
    near("puducherry", "yanam", 16.7, 82.2, 60);
    // Leh is India's largest district (about 45,000 km²): its offices' middle is far from the town.
    near("ladakh", "leh", 34.2, 77.6, 250);
  });

  it("each state's districts lie near one another (no centre thrown into another state)", () => {
    for (const state of STATES) {
      const centres = state.districts.map((d) => districtCentre(state.slug, d.slug)!);
      const middle = {
        lat: centres.reduce((s, c) => s + c.lat, 0) / centres.length,
        lon: centres.reduce((s, c) => s + c.lon, 0) / centres.length,
      };
      for (const [i, centre] of centres.entries()) {
        // Puducherry's four districts are enclaves far apart; the Andaman and Nicobar Islands span 800 km.
        const limit = state.slug === "puducherry" ? 900 : state.slug === "andaman-and-nicobar-islands" ? 900 : 700;
        expect(distanceKm(centre, middle), `${state.slug}/${state.districts[i]!.slug}`).toBeLessThan(limit);
      }
    }
  });

  it("finds the nearest district and ranks every district by distance", () => {
    expect(nearestDistrict({ lat: 20.0, lon: 73.8 })).toMatchObject({ state: "maharashtra", district: "nashik" });
    const ranked = districtsByDistance(districtCentre("maharashtra", "nashik")!);
    expect(ranked[0]).toMatchObject({ state: "maharashtra", district: "nashik", km: 0 });
    const rank = (district: string) => ranked.findIndex((r) => r.district === district);
    expect(rank("pune")).toBeLessThan(rank("patna"));
    expect(ranked).toHaveLength(districtsWithCentres().length);
  });

  it("gives a city the middle of its districts", () => {
    const mumbai = districtCentre("maharashtra", "mumbai")!;
    expect(distanceKm(mumbai, { lat: 19.05, lon: 72.87 })).toBeLessThan(25);
    expect(districtCentre("maharashtra", "atlantis")).toBeUndefined();
  });
});
