variable "a" {
type="string"
}
