import Inventory2Icon from "@mui/icons-material/Inventory2";
import { Avatar } from "@mui/material";

/** A product's image, or a plain box icon when it has none. */
export function ProductThumb({ image, name, size = 36 }: { image: string | null; name: string; size?: number }) {
  return (
    <Avatar variant="rounded" src={image ?? undefined} alt={name} sx={{ width: size, height: size, bgcolor: "grey.200", color: "grey.500" }} slotProps={{ img: { loading: "lazy" } }}>
      <Inventory2Icon fontSize="small" />
    </Avatar>
  );
}
