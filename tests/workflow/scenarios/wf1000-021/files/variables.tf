variable "zones" {
  type = list(string)
}
