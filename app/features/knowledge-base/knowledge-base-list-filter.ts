import * as z from "zod";
import { searchText } from "~/utils/list-filter";
import { KNOWLEDGE_BASE_SEARCH_MAX } from "./articles";

/** `?q=` of the knowledge base list: free text, cut at KNOWLEDGE_BASE_SEARCH_MAX characters. */
export const knowledgeBaseFilterSchema = z.object({ q: searchText(KNOWLEDGE_BASE_SEARCH_MAX) });
