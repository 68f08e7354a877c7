import { ArticleAnalysis } from "../../features/analysis/components/article-analysis.tsx";
import { CommentSection } from "../../features/community/components/comment-section.tsx";
import { ReaderPage } from "../../features/reader/components/reader-page.tsx";

/** /read?url=…: the reader view with the article's analysis and its comments, keyed by its link. */
export function ReaderWithAnalysisPage() {
  return (
    <ReaderPage
      renderAnalysis={(article) => <ArticleAnalysis title={article.title} link={article.link} />}
      renderComments={(link) => <CommentSection contentId={link} />}
    />
  );
}
