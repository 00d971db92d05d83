// One of the three compare URLs of spec §2; they render the same page (docs/decisions/0530).
export { default, handle, loader, meta } from "./$reviewId.compare.$subjectId";
