variable "x" {
type="string"
}
