// The default theme, with code blocks that wrap instead of scrolling sideways (./code.css).
import DefaultTheme from 'vitepress/theme';
import './code.css';

export default DefaultTheme;
