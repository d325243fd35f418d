import { createContext, useContext } from "react";

/** The response's script nonce, handed from the server entry to <Scripts>. Empty in the browser. */
export const CspNonceContext = createContext("");

export function useCspNonce(): string {
  return useContext(CspNonceContext);
}
