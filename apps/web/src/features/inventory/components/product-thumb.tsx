import Inventory2Icon from "@mui/icons-material/Inventory2";
import { Avatar, Box } from "@mui/material";

/** A product's image, or a plain box icon when it has none. */
export function ProductThumb({ image, name, size = 36 }: { image: string | null; name: string; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={image ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: "grey.200", color: "grey.500" }}
      slotProps={{ img: { loading: "lazy" } }}
    >
      <Inventory2Icon fontSize="small" />
    </Avatar>
  );
}

/** The thumbnail centred in a DataGrid cell. */
export function ProductThumbCell({ image, name }: { image: string | null; name: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", height: "100%" }}>
      <ProductThumb image={image} name={name} />
    </Box>
  );
}
