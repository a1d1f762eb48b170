// The live module's front door: nothing of it is for other modules yet (decision 060).
export {};
