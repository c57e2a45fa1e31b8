import { useDispatch, useSelector } from "react-redux";
import type { AppDispatch, RootState } from "./store.ts";

/** The typed store hooks: the one file of app/ that features import (it imports no feature). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
