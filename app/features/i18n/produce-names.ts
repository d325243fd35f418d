/**
 * The produce names of a page in a language beyond English and Hindi, which the browser's
 * catalogue does not carry (core/catalogue/produce-names.ts): a sell page's loader sends its
 * language's, and the form provides them to what names a produce (Compared with, the MSP note).
 */
import { createContext, useContext } from "react";

export const ProduceNamesContext = createContext<Readonly<Record<string, string>> | null>(null);

export function useProduceNames(): Readonly<Record<string, string>> | null {
  return useContext(ProduceNamesContext);
}
