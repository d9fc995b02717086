variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]
}
