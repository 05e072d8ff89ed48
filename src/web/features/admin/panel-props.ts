/** What every admin panel gets: the path segments after /admin/{panel}/ (decoded). */
export interface PanelProps {
  rest: string[];
}
