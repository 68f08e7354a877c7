import { toast } from "../../components/ui/toast/toast-store.ts";
import { copyText } from "../../lib/clipboard.ts";
import { type PumpToken, QUICK_BUY_USD } from "./pump-vision-data.ts";

/** The symbol copies the token's contract address, with a 'Contract Address Copied' toast. */
export function copyContractAddress(token: PumpToken): Promise<void> {
  return copyText(token.address).then(
    () => {
      toast({ title: "Contract Address Copied", description: `${token.symbol} · ${token.address} (sample address)` });
    },
    () => {
      toast({
        title: "Could not copy the contract address",
        description: `Select it and copy it by hand: ${token.address}`,
        variant: "destructive",
      });
    },
  );
}

/** The $5 quick-buy is a simulation on a sample board, and says so. */
export function simulateQuickBuy(token: PumpToken) {
  toast({
    title: `Simulated buy: $${QUICK_BUY_USD} of ${token.symbol}`,
    description: "Pump Vision is sample data — no real trade happened.",
  });
}
