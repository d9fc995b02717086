variable "zones" {
  type = list(string)
  default = ["a", "b"]
}
