import type { Config } from "tailwindcss";
import { scaleColors } from "./app/features/criteria/scales";

// Design tokens live here, never as scattered hex values in components.
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6f6",
          100: "#d5eaea",
          600: "#0f6e6e",
          700: "#0b5757",
          800: "#084242",
        },
        ink: { DEFAULT: "#1f2933", muted: "#52606d" },
        danger: { DEFAULT: "#b42318", bg: "#fef3f2" },
        success: { DEFAULT: "#067647", bg: "#ecfdf3" },
        warning: { DEFAULT: "#93370d", bg: "#fffaeb" },
        focus: "#ffbf47",
        scale: scaleColors,
      },
    },
  },
  plugins: [],
} satisfies Config;
